// Figures with their labels, as a description list whose value reads first: the engineer
// network's numbers (large tiles) and a case study's results (compact tiles), and any other
// row of key figures a page shows.
const STYLES = {
  large: {
    list: 'grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-4',
    tile: 'flex flex-col-reverse rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm',
    label: 'mt-2 text-sm font-medium text-muted',
    value: 'text-4xl font-extrabold tracking-tight text-brand-700',
  },
  compact: {
    list: 'mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3',
    tile: 'flex flex-col-reverse rounded-lg bg-brand-50 p-3 text-center',
    label: 'mt-1 text-xs font-medium text-slate-700',
    value: 'text-xl font-bold text-brand-800',
  },
} as const

export interface KeyFiguresProps {
  figures: readonly { value: string; label: string }[]
  size: keyof typeof STYLES
}

export function KeyFigures({ figures, size }: KeyFiguresProps) {
  const styles = STYLES[size]
  return (
    <dl className={styles.list}>
      {figures.map((figure) => (
        <div key={figure.label} className={styles.tile}>
          <dt className={styles.label}>{figure.label}</dt>
          <dd className={styles.value}>{figure.value}</dd>
        </div>
      ))}
    </dl>
  )
}
