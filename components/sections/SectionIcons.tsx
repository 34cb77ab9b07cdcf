// The icons writers can name in content (content/schema/collections.ts `iconNames`), drawn on the server as
// inline SVG by lucide: no icon code reaches the browser.
import {
  Award,
  BadgeCheck,
  Blocks,
  Brain,
  Building2,
  Calendar,
  ClipboardCheck,
  Clock,
  Cloud,
  Code,
  Database,
  FileText,
  Gamepad2,
  Gauge,
  Gift,
  GitBranch,
  Globe,
  Handshake,
  HeartPulse,
  Layers,
  Lock,
  MessageSquare,
  Network,
  PanelsTopLeft,
  Percent,
  Rocket,
  Scale,
  Search,
  Server,
  Shield,
  ShoppingCart,
  Smartphone,
  Sparkles,
  Target,
  Timer,
  TrendingUp,
  UserCheck,
  Users,
  Wallet,
  Workflow,
  Zap,
  type LucideIcon,
} from 'lucide-react'
import type { iconNames } from '../../content/schema/collections.ts'

export type IconName = (typeof iconNames)[number]

const ICONS: Record<IconName, LucideIcon> = {
  code: Code,
  network: Network,
  users: Users,
  server: Server,
  database: Database,
  cloud: Cloud,
  smartphone: Smartphone,
  brain: Brain,
  shield: Shield,
  layout: PanelsTopLeft,
  blocks: Blocks,
  clock: Clock,
  'badge-check': BadgeCheck,
  award: Award,
  zap: Zap,
  target: Target,
  search: Search,
  rocket: Rocket,
  handshake: Handshake,
  'file-text': FileText,
  'message-square': MessageSquare,
  calendar: Calendar,
  'user-check': UserCheck,
  'trending-up': TrendingUp,
  gauge: Gauge,
  layers: Layers,
  'git-branch': GitBranch,
  lock: Lock,
  scale: Scale,
  sparkles: Sparkles,
  timer: Timer,
  'clipboard-check': ClipboardCheck,
  globe: Globe,
  pipeline: Workflow,
  wallet: Wallet,
  'heart-pulse': HeartPulse,
  'shopping-cart': ShoppingCart,
  gamepad: Gamepad2,
  building: Building2,
  percent: Percent,
  gift: Gift,
}

/** A content icon in a tinted rounded square, hidden from screen readers (the title says it). */
export function IconBadge({ name, className = '' }: { name: IconName; className?: string }) {
  const Icon = ICONS[name]
  return (
    <span
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 ${className}`}
    >
      <Icon aria-hidden="true" className="size-6" />
    </span>
  )
}
