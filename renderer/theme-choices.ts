// The names the theme control (components/layout/ThemeChoice.tsx) and the inline theme script
// (./theme-script.ts) share. Apart from the script, whose text is minified by esbuild when its
// module loads, so the control can also be drawn in a browser (the editor's preview pane).

/** localStorage key of the visitor's choice: "light" or "dark"; absent means the system's. */
export const THEME_STORAGE_KEY = 'theme'

/** On each radio button of a theme control; its value is one of THEME_CHOICES. */
export const THEME_CHOICE_ATTRIBUTE = 'data-theme-choice'

export const THEME_CHOICES = ['light', 'dark', 'system'] as const
export type ThemeChoice = (typeof THEME_CHOICES)[number]
