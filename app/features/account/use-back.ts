import { useRouterState } from '@tanstack/react-router'
import { siteOrigin } from '../../lib/head'
import { safeBack } from './navigation'

/** The `?back=` of the current page (where to go after signing in), this site's paths only. */
export function useBackParam(fallback = '/personal/'): string {
  const search = useRouterState({ select: (s) => s.location.search as Record<string, unknown> })
  return safeBack(search.back, siteOrigin(), fallback)
}

export function useSearchParam(name: string): unknown {
  return useRouterState({ select: (s) => (s.location.search as Record<string, unknown>)[name] })
}
