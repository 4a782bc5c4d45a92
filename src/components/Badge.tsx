import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cx } from '@/lib/classNames';
import styles from './Badge.module.css';

export type BadgeTone = 'neutral' | 'info' | 'success' | 'warning' | 'danger';

export interface BadgeProps {
  tone: BadgeTone;
  icon: LucideIcon;
  children: ReactNode;
  className?: string;
}

/** A coloured pill with an icon and its text: colour is never the only cue. */
export function Badge({ tone, icon: Icon, children, className }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles[tone], className)}>
      <Icon aria-hidden="true" className={styles.icon} />
      {children}
    </span>
  );
}
