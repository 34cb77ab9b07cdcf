// What the specification fixes, written once: which content file holds each value, the field,
// the spec's section and the value it states. tests/unit/content/spec-constants.test.ts checks
// content/ against it (a failure names the file, the field and the section), CONTENT.md lists it
// for writers (the same test keeps that list equal), and the end-to-end tests take the spec's
// values from here. Everything the spec leaves open (the phone, how many industries, ids) the
// tests read from content/ instead.
//
// `field` is a path into the file's data (an MDX file's frontmatter): `name`, `name[2]` (an item),
// `name[*]` (every item), `name[key=value]` (the item whose key is value), and `length` last for
// how many; `(files)` is how many files `file` (a pattern with `*`) matches, `(ids)` their ids (file names). A `*` in `file` checks
// every matching file, so a new industry page is checked with no change here.

export type Expected =
  | string
  | number
  | boolean
  | readonly string[]
  | { readonly between: readonly [number, number] }
  | { readonly mentions: readonly string[] }

export interface SpecConstant {
  /** What it is, for writers. */
  what: string
  /** The spec's section, e.g. "§9". */
  section: string
  file: string
  field: string
  expected: Expected
}

const home = 'content/pages/home.yaml'
const systemDesign = 'content/pages/system-design.yaml'
const startups = 'content/pages/startups.yaml'
const linkedin = 'content/pages/linkedin.yaml'

export const SPEC_CONSTANTS = [
  {
    what: 'the pricing cards, left to right',
    section: '§9',
    file: 'content/pricing/plans.yaml',
    field: 'items[*].title',
    expected: ['On Demand', '10-20 Interviews', '30+ Interviews'],
  },
  {
    what: 'their prices',
    section: '§9',
    file: 'content/pricing/plans.yaml',
    field: 'items[*].price',
    expected: ['$250', '$210', '$200'],
  },
  {
    what: 'their notes: turnaround and discounts',
    section: '§9',
    file: 'content/pricing/plans.yaml',
    field: 'items[*].note',
    expected: ['Same-day turnaround', '5% discount', '20% discount'],
  },
  {
    what: 'the featured plan',
    section: '§9',
    file: 'content/pricing/plans.yaml',
    field: 'items[1].featured',
    expected: true,
  },
  {
    what: 'the two service offerings',
    section: '§9',
    file: 'content/pages/services.yaml',
    field: 'sections[id=offerings].items[*].title',
    expected: ['Technical Screening', 'Comprehensive Assessment'],
  },
  {
    what: 'Technical Screening: length and price',
    section: '§9',
    file: 'content/pages/services.yaml',
    field: 'sections[id=offerings].items[0].facts',
    expected: ['45-60 minutes', 'Starting at $299'],
  },
  {
    what: 'Comprehensive Assessment: length and price',
    section: '§9',
    file: 'content/pages/services.yaml',
    field: 'sections[id=offerings].items[1].facts',
    expected: ['90 minutes', 'Starting at $499'],
  },
  {
    what: 'the FAQ claims: interview length, scheduling, sessions, experience',
    section: '§9',
    file: 'content/faqs/home.yaml',
    field: 'items',
    expected: { mentions: ['60 minutes', '24-48 hours', '60-90 minutes', 'at least 8 years'] },
  },
  {
    what: 'the FAQ claims: the end-to-end process',
    section: '§9',
    file: 'content/faqs/process.yaml',
    field: 'items',
    expected: { mentions: ['5-7 business days'] },
  },
  {
    what: 'system design: experience, success rate, interviews',
    section: '§9',
    file: systemDesign,
    field: 'sections[type=hero].lead',
    expected: { mentions: ['10+ years', '94% hiring success rate', '2,500+'] },
  },
  {
    what: 'system design: the four steps’ durations',
    section: '§9',
    file: systemDesign,
    field: 'sections[id=interview-process].steps[*].duration',
    expected: ['5-10 minutes', '15-20 minutes', '20-25 minutes', '10-15 minutes'],
  },
  {
    what: 'system design: six dimensions',
    section: '§2.7',
    file: systemDesign,
    field: 'sections[id=dimensions].items.length',
    expected: 6,
  },
  {
    what: 'system design: four sample questions',
    section: '§2.7',
    file: systemDesign,
    field: 'sections[id=sample-questions].items.length',
    expected: 4,
  },
  {
    what: 'home: the hero’s badge',
    section: '§2.4',
    file: home,
    field: 'sections[id=hero].badge',
    expected: "Your Engineering Team's Interview Partner",
  },
  {
    what: 'home: the hero’s headline',
    section: '§2.4',
    file: home,
    field: 'sections[id=hero].headline',
    expected: 'Technical Expertise Verified',
  },
  {
    what: 'home: the three service cards',
    section: '§2.4',
    file: home,
    field: 'sections[id=services].items[*].title',
    expected: ['Technical Skill Assessment', 'System Design Interviews', 'Behavioral Assessment'],
  },
  {
    what: 'home: four stat tiles',
    section: '§2.4',
    file: home,
    field: 'sections[id=network].stats.length',
    expected: 4,
  },
  {
    what: 'home: the benefit tiles',
    section: '§2.4',
    file: home,
    field: 'sections[id=benefits].tiles[*].title',
    expected: ['Save Time', 'Quality Assurance', 'Expert Validation', 'Fast Turnaround'],
  },
  {
    what: 'the nine areas of expertise',
    section: '§2.4',
    file: 'content/expertise/areas.yaml',
    field: 'items[*].title',
    expected: [
      'Frontend',
      'Backend',
      'Database',
      'Cloud & DevOps',
      'Mobile',
      'AI & ML',
      'Cybersecurity',
      'Data Engineering',
      'Web3 & Blockchain',
    ],
  },
  {
    what: 'home: three testimonials',
    section: '§2.4',
    file: 'content/testimonials/home.yaml',
    field: 'items.length',
    expected: 3,
  },
  {
    what: 'every FAQ set: five questions',
    section: '§2.4, §2.5, §2.8, §2.10',
    file: 'content/faqs/*.yaml',
    field: 'items.length',
    expected: 5,
  },
  {
    what: 'the six industries the spec names',
    section: '§2.5',
    file: 'content/industries/*.yaml',
    field: '(ids)',
    expected: { mentions: ['ai-ml', 'web-dev', 'mobile', 'backend', 'cloud', 'blockchain'] },
  },
  {
    what: 'an industry page: 8 to 15 roles',
    section: '§2.5',
    file: 'content/industries/*.yaml',
    field: 'roles.items.length',
    expected: { between: [8, 15] },
  },
  {
    what: 'the process page’s four steps',
    section: '§2.8',
    file: 'content/pages/process.yaml',
    field: 'sections[id=process].steps[*].title',
    expected: [
      'Requirements Gathering',
      'Expert Matching',
      'Interview Execution',
      'Detailed Reporting',
    ],
  },
  {
    what: 'contact: the heading',
    section: '§2.9',
    file: 'content/pages/contact.yaml',
    field: 'sections[id=contact].heading',
    expected: 'Get In Touch',
  },
  {
    what: 'about: three leaders',
    section: '§2.10',
    file: 'content/leaders/leadership.yaml',
    field: 'items.length',
    expected: 3,
  },
  {
    what: 'about: 18 interviewer profiles',
    section: '§2.10, §9',
    file: 'content/interviewers/network.yaml',
    field: 'items.length',
    expected: 18,
  },
  {
    what: 'about: the FAQ’s title',
    section: '§2.10',
    file: 'content/faqs/about.yaml',
    field: 'title',
    expected: 'About Us FAQ',
  },
  {
    what: 'about: the FAQ’s subtitle',
    section: '§2.10',
    file: 'content/faqs/about.yaml',
    field: 'subtitle',
    expected: 'Common questions about our team and approach',
  },
  {
    what: 'startups: the hero',
    section: '§2.11',
    file: startups,
    field: 'sections[type=hero].headline',
    expected: 'Startup Hiring Simplified',
  },
  {
    what: 'startups: three challenges',
    section: '§2.11',
    file: startups,
    field: 'sections[id=challenges].items.length',
    expected: 3,
  },
  {
    what: 'startups: four benefits',
    section: '§2.11',
    file: startups,
    field: 'sections[id=startup-benefits].items.length',
    expected: 4,
  },
  {
    what: 'four case studies',
    section: '§2.12',
    file: 'content/case-studies/*.mdx',
    field: '(files)',
    expected: 4,
  },
  {
    what: 'a featured guide and six more',
    section: '§2.13',
    file: 'content/guides/*.yaml',
    field: '(files)',
    expected: 7,
  },
  {
    what: 'a featured scorecard and six more',
    section: '§2.14',
    file: 'content/scorecards/*.yaml',
    field: '(files)',
    expected: 7,
  },
  {
    what: 'linkedin: five benefit points',
    section: '§2.15',
    file: linkedin,
    field: 'sections[id=why-panelwise].items.length',
    expected: 5,
  },
  {
    what: 'linkedin: the exclusive offer',
    section: '§2.15, §9',
    file: linkedin,
    field: 'sections[id=offer].points',
    expected: [
      'A free consultation with our hiring experts',
      '15% off your first assessment package',
      'Scorecards delivered within 24 hours',
      '50% less engineering time on interviews',
    ],
  },
  {
    what: 'linkedin: one testimonial',
    section: '§2.15',
    file: 'content/testimonials/linkedin.yaml',
    field: 'items.length',
    expected: 1,
  },
  {
    what: 'the terms’ last update',
    section: '§2.16, §9',
    file: 'content/legal/terms-of-service.mdx',
    field: 'lastUpdated',
    expected: '2025-04-15',
  },
] as const satisfies readonly SpecConstant[]

type ByWhat = { [R in (typeof SPEC_CONSTANTS)[number] as R['what']]: R['expected'] }

/** The spec's value for `what` (a row's `what`), for tests that check the page shows it. */
export function specValue<W extends keyof ByWhat>(what: W): ByWhat[W] {
  const row = SPEC_CONSTANTS.find((constant) => constant.what === what)
  if (!row) throw new Error(`no spec constant "${what}" in tests/spec-constants.ts`)
  return row.expected as ByWhat[W]
}

/** The writers' list of these values, as CONTENT.md holds it. */
export function specConstantsTable(): string {
  const rows = SPEC_CONSTANTS.map((row: SpecConstant) => {
    const expected = row.expected
    const value =
      typeof expected === 'object' && !Array.isArray(expected) && 'between' in expected
        ? `${expected.between[0]} to ${expected.between[1]}`
        : typeof expected === 'object' && 'mentions' in expected
          ? `mentions ${expected.mentions.map((phrase) => `“${phrase}”`).join(', ')}`
          : Array.isArray(expected)
            ? expected.map((item) => `“${item}”`).join(', ')
            : typeof expected === 'string'
              ? `“${expected}”`
              : String(expected)
    const field =
      row.field === '(files)'
        ? 'how many files'
        : row.field === '(ids)'
          ? 'file names'
          : `\`${row.field}\``
    return `| ${row.what} | \`${row.file}\` | ${field} | ${row.section} | ${value} |`
  })
  return [
    '| what | file | field | spec | value |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}
