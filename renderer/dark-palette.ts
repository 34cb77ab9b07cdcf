// Sets the dark theme's palette, ./dark-palette.json (each variable the dark theme changes, and
// its value there), under .dark: a Tailwind plugin, loaded by renderer/styles.css's @plugin.
import plugin from 'tailwindcss/plugin'
// Imported, not read from disk: Tailwind takes a plugin's imports for its dependencies, so a
// change to the table rebuilds the CSS as a change to the CSS does.
import palette from './dark-palette.json'

export default plugin(({ addBase }) => {
  addBase({
    '.dark': Object.fromEntries(
      Object.entries(palette).map(([name, value]) => [`--${name}`, value]),
    ),
  })
})
