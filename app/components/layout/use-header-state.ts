import { useLocation } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { HeaderState } from './header'

/**
 * The header's one state (closed | menu | search) and its panels' refs. Escape, an outside click,
 * a width change or a route change closes it; the open drawer stops the page from scrolling;
 * open panels trap focus and return it to their toggle (the drawer's trap is in header-drawer.tsx,
 * the search dropdown's in search-trap.tsx: both load with their panel's first opening).
 */
export function useHeaderState() {
  const [state, setState] = useState<HeaderState>('closed')
  // The panels' content is rendered (the drawer's code fetched) from the first time it is wanted.
  const [wanted, setWanted] = useState({ menu: false, search: false })
  const headerRef = useRef<HTMLElement>(null)
  const backdropRef = useRef<HTMLDivElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const searchRef = useRef<HTMLDivElement>(null)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const searchButtonRef = useRef<HTMLButtonElement>(null)
  const searchInputRef = useRef<HTMLInputElement>(null)
  const menuId = useId()
  const searchId = useId()
  const location = useLocation()

  useEffect(() => setState('closed'), [location.pathname, location.searchStr])

  useEffect(() => {
    let width = window.innerWidth
    const onResize = () => {
      if (window.innerWidth === width) return
      width = window.innerWidth
      setState('closed')
    }
    window.addEventListener('resize', onResize)
    return () => window.removeEventListener('resize', onResize)
  }, [])

  useEffect(() => {
    if (state === 'closed') return
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) setState('closed')
    }
    const onDown = (e: PointerEvent) => {
      const target = e.target as Node
      if (!headerRef.current?.contains(target) || target === backdropRef.current) setState('closed')
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onDown)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onDown)
    }
  }, [state])

  // The open drawer covers the page: the page under it does not scroll.
  useEffect(() => {
    if (state !== 'menu') return
    const root = document.documentElement
    const before = root.style.overflow
    root.style.overflow = 'hidden'
    return () => {
      root.style.overflow = before
    }
  }, [state])

  const want = (panel: 'menu' | 'search') => setWanted((w) => (w[panel] ? w : { ...w, [panel]: true }))
  const toggle = (next: HeaderState) => {
    if (next !== 'closed') want(next)
    setState((s) => (s === next ? 'closed' : next))
  }
  return {
    state,
    wanted,
    wantMenu: () => want('menu'),
    setState,
    toggle,
    headerRef,
    backdropRef,
    menuRef,
    searchRef,
    menuButtonRef,
    searchButtonRef,
    searchInputRef,
    menuId,
    searchId,
  }
}
