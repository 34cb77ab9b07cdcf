// The workflow's expressions (`${{ … }}`, `if:`) evaluated as GitHub does, for the few forms
// .github/workflows/ci.yml uses: the workflow tests read conditions with it, and the tests that
// run a job's steps read which later steps would run.

export type Context = Record<string, unknown>

/**
 * An expression evaluated as GitHub does, for the few forms the workflow uses: context
 * properties (a missing one is null), strings, ==, !=, !, &&, || (which give an operand, as in
 * JavaScript), parentheses, format() and cancelled(). Anything else fails the test.
 */
export function evaluate(expression: string, context: Context): unknown {
  const tokens = expression.match(/'(?:[^']|'')*'|&&|\|\||==|!=|[!(),]|[A-Za-z_][\w.-]*|\S/g) ?? []
  const js = tokens
    .map((token) => {
      if (token.startsWith("'")) return JSON.stringify(token.slice(1, -1).replace(/''/g, "'"))
      if (['&&', '||', '!', '(', ')', ','].includes(token)) return token
      if (token === '==') return '==='
      if (token === '!=') return '!=='
      if (token === 'format' || token === 'cancelled') return `fn.${token}`
      if (token === 'true' || token === 'false') return token
      if (/^(github|inputs|needs|steps|vars|secrets)\./.test(token)) {
        const value = token
          .split('.')
          .reduce<unknown>((object, key) => (object as Context | null)?.[key] ?? null, context)
        return JSON.stringify(value)
      }
      throw new Error(`not understood here: ${token} in ${expression}`)
    })
    .join(' ')
  const fn = {
    format: (template: string, ...values: unknown[]) =>
      template.replace(/\{(\d+)\}/g, (_, index: string) => String(values[Number(index)])),
    cancelled: () => false,
  }
  return Function('fn', `return (${js})`)(fn) as unknown
}

/** A workflow value: its ${{ }} parts evaluated into the text; a whole expression as its value. */
export function valueOf(text: string | boolean, context: Context): unknown {
  if (typeof text === 'boolean') return text
  const whole = /^\$\{\{([\s\S]*)\}\}$/.exec(text.trim())
  if (whole && !whole[1]!.includes('}}')) return evaluate(whole[1]!, context)
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner: string) =>
    String(evaluate(inner, context) ?? ''),
  )
}

/** Whether an `if:` holds: GitHub reads one written without ${{ }} as an expression too. */
export const holds = (condition: string | undefined, context: Context): boolean =>
  condition === undefined ||
  Boolean(valueOf(/^\s*\$\{\{/.test(condition) ? condition : `\${{ ${condition} }}`, context))
