import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { announce } from './live-region'

/**
 * A page change made in the browser (a new path, not a filter, sort, page number or hash) is
 * told to screen readers and keyboard users as a full page load would be (issue 17): once the
 * new page has rendered, its title is announced through the live region and focus moves to its
 * `<h1>` (or to the `<main>` when it has none), without scrolling — the router's own scroll
 * restoration decides where the page stands.
 */
export function usePageChangeFocus() {
  const router = useRouter()
  useEffect(
    () =>
      router.subscribe('onRendered', (event) => {
        if (!event.fromLocation || !event.pathChanged) return
        // After the head (the document title) and the page's own effects have run.
        requestAnimationFrame(() => {
          const main = document.getElementById('content')
          if (!main) return
          const heading = main.querySelector<HTMLElement>('h1')
          const target = heading ?? main
          if (heading && !heading.hasAttribute('tabindex')) heading.tabIndex = -1
          target.focus({ preventScroll: true })
          announce(document.title || heading?.textContent?.trim() || '')
        })
      }),
    [router],
  )
}
