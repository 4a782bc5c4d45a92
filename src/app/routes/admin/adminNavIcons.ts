import { Bell, ChartColumn, Clock, LayoutDashboard, type LucideIcon, Mail, Package, ReceiptText, Users } from 'lucide-react';

/** The icons the table's admin links name. */
export const ADMIN_NAV_ICONS = {
  dashboard: LayoutDashboard,
  analytics: ChartColumn,
  inventory: Package,
  invoices: ReceiptText,
  notifications: Bell,
  staff: Users,
  timesheets: Clock,
  messages: Mail,
} satisfies Record<string, LucideIcon>;
