import { Check, type LucideIcon } from 'lucide-react'

/** A list whose every item has a mark before it: features, points, benefits, contents. */
export function CheckList({
  items,
  className,
  itemClassName,
  iconClassName,
  icon: Icon = Check,
}: {
  items: string[]
  className: string
  itemClassName: string
  iconClassName: string
  icon?: LucideIcon
}) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className={itemClassName}>
          <Icon aria-hidden="true" className={iconClassName} />
          {item}
        </li>
      ))}
    </ul>
  )
}

/** Short labels in a row of pills: a card's facts, a question's topics. */
export function Pills({ items, pillClassName }: { items: string[]; pillClassName: string }) {
  return (
    <ul className="mt-4 flex flex-wrap gap-2">
      {items.map((item) => (
        <li
          key={item}
          className={`rounded-full ${pillClassName} text-sm font-medium text-brand-800`}
        >
          {item}
        </li>
      ))}
    </ul>
  )
}
