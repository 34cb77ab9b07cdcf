// The writer components (content/schema/writer-component-names.ts) as Decap editor components:
// in the body's rich text mode, the + menu inserts one through a small form with its props,
// and a component already in the text opens as that form. The MDX written is what a writer
// would type, so the content check reads it the same way.
import type { BlockEditorComponentOptions, EditorComponentField } from 'decap-cms-core'
import { writerComponents, type WriterComponent } from '../content/schema/writer-component-names.ts'

const CHILDREN = 'children'

/** `name="value"` pairs of a tag's attributes. */
function attributes(text: string): Record<string, string> {
  const found: Record<string, string> = {}
  for (const match of text.matchAll(/(\w+)="([^"]*)"/g)) found[match[1]!] = match[2]!
  return found
}

type Data = Record<string, string | undefined>

export function editorComponent(
  name: string,
  component: WriterComponent,
): BlockEditorComponentOptions {
  const props = Object.entries(component.props)
  const fields: EditorComponentField[] = props.map(([prop, definition]) => ({
    name: prop,
    label: prop,
    hint: definition.description,
    required: definition.required ?? false,
    ...(definition.values
      ? { widget: 'select', options: [...definition.values] }
      : { widget: 'string' }),
  })) as EditorComponentField[]
  if (component.children)
    fields.push({ name: CHILDREN, label: 'Text inside', widget: 'text' } as EditorComponentField)
  const open = (data: Data) =>
    `<${name}${props
      .filter(([prop]) => data[prop])
      .map(([prop]) => ` ${prop}="${data[prop]!.replace(/"/g, '&quot;')}"`)
      .join('')}`
  return {
    id: name,
    label: name,
    fields,
    pattern: component.children
      ? new RegExp(`^<${name}\\b([^>]*)>\\n?([\\s\\S]*?)\\n?</${name}>`, 'm')
      : new RegExp(`^<${name}\\b([^>]*?)\\s*/>`, 'm'),
    fromBlock: (match): Data => ({
      ...attributes(match[1] ?? ''),
      ...(component.children ? { [CHILDREN]: match[2] ?? '' } : {}),
    }),
    toBlock: (data: Data) =>
      component.children
        ? `${open(data)}>\n${data[CHILDREN] ?? ''}\n</${name}>`
        : `${open(data)} />`,
    // The rich text mode shows the component's name; the preview pane shows the real thing.
    toPreview: () => `<${name}>`,
  }
}

export const editorComponents = Object.entries(writerComponents).map(([name, component]) =>
  editorComponent(name, component),
)
