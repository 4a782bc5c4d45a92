import { type ComponentPropsWithoutRef, type ReactNode, useId } from 'react';
import { cx } from '@/lib/classNames';
import styles from './Card.module.css';

export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

export interface CardProps extends Omit<ComponentPropsWithoutRef<'section'>, 'title'> {
  /** Optional heading; a titled card is aria-labelledby it (a named region when `as="section"`). */
  title?: ReactNode;
  /** Heading level for `title`. Default 2 — pick what fits the page outline. */
  headingLevel?: HeadingLevel;
  /** Element to render. Default "section"; use "article" for self-contained items, "div" for plain boxes. */
  as?: 'section' | 'article' | 'div';
  /** Content at the right of the title row (e.g. a button). */
  actions?: ReactNode;
  /** Padding. Default "md". */
  padding?: 'none' | 'sm' | 'md' | 'lg';
}

/** A surface container with an optional titled header. */
export function Card({
  title,
  headingLevel = 2,
  as: Element = 'section',
  actions,
  padding = 'md',
  className,
  children,
  ...rest
}: CardProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <Element
      aria-labelledby={title && Element !== 'div' ? headingId : undefined}
      className={cx(styles.card, styles[`pad-${padding}`], className)}
      {...rest}
    >
      {(title || actions) && (
        <div className={styles.header}>
          {title && (
            <Heading id={headingId} className={styles.title}>
              {title}
            </Heading>
          )}
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      )}
      {children}
    </Element>
  );
}
