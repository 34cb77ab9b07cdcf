// The not-found page's buttons. Going back needs the browser's history, hence an island; the
// two links work without JavaScript.
import { useEffect } from 'react'
import { Button } from '../ui/Button.tsx'
import { buttonStyles } from '../ui/button-styles.ts'

export interface NotFoundActionsProps {
  back: string
  home: { label: string; href: string }
  contact: { label: string; href: string }
}

export default function NotFoundActions({ back, home, contact }: NotFoundActionsProps) {
  useEffect(() => {
    console.error(
      '404 Error: User attempted to access non-existent route:',
      window.location.pathname,
    )
  }, [])
  return (
    <div className="mt-10 flex flex-col items-center gap-6">
      <div className="flex flex-wrap justify-center gap-4">
        <Button variant="secondary" size="lg" onPress={() => window.history.back()}>
          {back}
        </Button>
        <a href={home.href} className={buttonStyles({ size: 'lg' })}>
          {home.label}
        </a>
      </div>
      <a href={contact.href} className="font-medium text-brand-700 underline underline-offset-2">
        {contact.label}
      </a>
    </div>
  )
}
