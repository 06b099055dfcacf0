import { createContext, useContext } from 'react'

/** Shell-wide actions any part of the shell (header, footer, banner) can trigger. */
export interface ShellUi {
  /** Opens the city-select modal; choosing a city saves and confirms it. */
  openCitySelect: () => void
  /** Opens the CRM (callback) modal. */
  openCallback: () => void
}

export const ShellUiContext = createContext<ShellUi>({ openCitySelect: () => undefined, openCallback: () => undefined })

export function useShellUi(): ShellUi {
  return useContext(ShellUiContext)
}
