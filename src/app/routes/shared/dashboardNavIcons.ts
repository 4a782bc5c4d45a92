import { CalendarPlus, FileText, LayoutDashboard, type LucideIcon } from 'lucide-react';

/** The icons the table's dashboard links name. */
export const DASHBOARD_NAV_ICONS = { dashboard: LayoutDashboard, booking: CalendarPlus, reports: FileText } satisfies Record<string, LucideIcon>;
