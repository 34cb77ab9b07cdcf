// The light/dark/system control: three radio buttons, shown as icons. They are plain HTML, and
// the inline theme script (renderer/theme-script.ts) alone runs them: it checks the visitor's
// choice on load, and applies and keeps a change at once, before or without the page script.
import { Monitor, Moon, Sun } from 'lucide-react'
import {
  THEME_CHOICE_ATTRIBUTE,
  THEME_CHOICES,
  type ThemeChoice as Choice,
} from '../../renderer/theme-choices.ts'

export interface ThemeChoiceCopy {
  label: string
  light: string
  dark: string
  system: string
}

const ICONS = { light: Sun, dark: Moon, system: Monitor } satisfies Record<Choice, unknown>

/** `name` groups the three radios: each control on a page needs its own. */
export function ThemeChoice({ copy, name }: { copy: ThemeChoiceCopy; name: string }) {
  return (
    // Without JavaScript a choice could not be applied, so the control is hidden (Head's noscript).
    <fieldset
      data-requires-js=""
      className="flex items-center rounded-lg border border-slate-200 p-0.5"
    >
      <legend className="sr-only">{copy.label}</legend>
      {THEME_CHOICES.map((choice) => {
        const Icon = ICONS[choice]
        return (
          <label
            key={choice}
            title={copy[choice]}
            className="flex size-8 cursor-pointer items-center justify-center rounded-md text-muted hover:text-ink has-checked:bg-brand-50 has-checked:text-brand-800 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={choice}
              defaultChecked={choice === 'system'}
              {...{ [THEME_CHOICE_ATTRIBUTE]: '' }}
              className="sr-only"
            />
            <Icon aria-hidden="true" className="size-4" />
            <span className="sr-only">{copy[choice]}</span>
          </label>
        )
      })}
    </fieldset>
  )
}
