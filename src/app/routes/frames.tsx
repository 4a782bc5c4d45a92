import type { ReactNode } from 'react';
import type { PageView } from '@contract/pageViews';
import * as paths from '@/config/paths';
import { JobBoardFrame } from '@/features/jobs';
import { CustomerDashboardFrame } from './customer/DashboardIntro';
import { TechnicianDashboardFrame } from './technician/DashboardIntro';

export interface PageFrame {
  path: string;
  /** Whose page it is (the cookie the SPA writes beside the session: @contract/pageViews). */
  view: PageView;
  /** The route's row in the route manifest (its chunks: the frame links their CSS and preloads their scripts). */
  measured: string;
  /** The page's top, nothing personal: drawn into the signed-in shell above its grey blocks. */
  top: ReactNode;
}

/**
 * The dashboards a returning user opens, pre-rendered as the shell with the page's heading and introduction: the
 * static site sends the one the browser's view cookie names, so the page paints its real top from HTML, before any
 * script runs, and the app then replaces it as it replaces the shells.
 */
export const PAGE_FRAMES: readonly PageFrame[] = [
  { path: paths.dashboard, view: 'customer', measured: `${paths.dashboard} (customer)`, top: <CustomerDashboardFrame /> },
  { path: paths.dashboard, view: 'technician', measured: `${paths.dashboard} (employee)`, top: <TechnicianDashboardFrame /> },
  { path: paths.adminDashboard, view: 'admin', measured: paths.adminDashboard, top: <JobBoardFrame /> },
];
