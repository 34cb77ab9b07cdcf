import { useEffect, type RefObject } from 'react'

/** While a menu is open, a press anywhere outside `root` closes it. */
export function useCloseOnOutsidePress(
  root: RefObject<HTMLElement | null>,
  isOpen: boolean,
  close: () => void,
) {
  useEffect(() => {
    if (!isOpen) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close()
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [root, isOpen, close])
}
