import { useEffect } from 'react'

/**
 * Closes a menu whenever the page's address changes under it. Pages are separate documents, so
 * a new path starts closed anyway; this covers a page restored from the back/forward cache with
 * its menu still open, and history entries within the page.
 */
export function useCloseOnNavigation(close: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) close()
    }
    window.addEventListener('pageshow', onPageShow)
    window.addEventListener('popstate', close)
    return () => {
      window.removeEventListener('pageshow', onPageShow)
      window.removeEventListener('popstate', close)
    }
  }, [close])
}
