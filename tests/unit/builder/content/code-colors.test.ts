// Code blocks are coloured by class (builder/content/code-colors.ts), as the site's policy allows no
// style attribute: every colour the theme can give has its rule in renderer/styles.css.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { codeToHtml } from 'shiki'
import { expect, it } from 'vitest'
import {
  backgroundClass,
  CODE_THEME,
  codeColorTransformer,
  FONT_STYLE_CLASSES,
  foregroundClass,
} from '../../../../builder/content/code-colors.ts'

const css = () =>
  readFile(path.resolve(import.meta.dirname, '../../../../renderer/styles.css'), 'utf8')
const rule = (selector: string, declaration: string) =>
  new RegExp(`\\${selector} \\{[^}]*${declaration.replace(/[().]/g, '\\$&')};[^}]*\\}`)

it('has a rule for every colour and font style of the theme', async () => {
  const theme = (await import(`@shikijs/themes/${CODE_THEME}`)) as {
    default: {
      colors: Record<string, string>
      tokenColors: { scope?: unknown; settings: { foreground?: string; background?: string } }[]
    }
  }
  const styles = await css()
  // Shiki adds a rule with no scope, the editor's own colours, to the theme it loads (the module
  // is shared with whatever test loaded it first): those are the `.shiki` rule's, checked below.
  for (const { scope, settings } of theme.default.tokenColors) {
    if (!scope) continue
    if (settings.foreground)
      expect(styles).toMatch(
        rule(`.${foregroundClass(settings.foreground)}`, `color: ${settings.foreground}`),
      )
    if (settings.background)
      expect(styles).toMatch(
        rule(
          `.${backgroundClass(settings.background)}`,
          `background-color: ${settings.background}`,
        ),
      )
  }
  expect(styles).toMatch(
    rule('.shiki', `background-color: ${theme.default.colors['editor.background']}`),
  )
  expect(styles).toMatch(rule('.shiki', `color: ${theme.default.colors['editor.foreground']}`))
  for (const [, name] of FONT_STYLE_CLASSES) expect(styles).toMatch(new RegExp(`\\.${name} \\{`))
})

it('writes a highlighted block with classes and no style attribute', async () => {
  const html = await codeToHtml('const a = /x+/ // note\n', {
    lang: 'javascript',
    theme: CODE_THEME,
    transformers: [codeColorTransformer],
  })
  expect(html).not.toMatch(/style=/)
  expect(html).toContain('class="shiki')
  expect(html).toMatch(/class="code-fg-[0-9a-f]{6}"/)
})
