import { cx } from '@/lib/classNames';
import { InfoPageHeader } from './InfoPageHeader';
import { PublicLayout } from './PublicLayout';
import styles from './LegalDocument.module.css';

/** A repository Markdown document as scripts/markdown/document.js renders it at build time. */
export interface LegalText {
  title: string;
  lastUpdated: string;
  lastUpdatedIso: string;
  html: string;
}

/**
 * A legal page (/terms, /privacy): the public frame, the document's title as the page's one h1 with its "Last updated"
 * date, then its body. The body is HTML the build made from the repository's own Markdown, which
 * scripts/markdown/document.js checks (no raw HTML, so no script; safe links; h2 and below, no level skipped).
 */
export function LegalDocument({ text }: { text: LegalText }) {
  return (
    <PublicLayout>
      <title>{`${text.title} — CarCare`}</title>
      <InfoPageHeader
        eyebrow="Legal"
        title={text.title}
        lead={
          <>
            Last updated: <time dateTime={text.lastUpdatedIso}>{text.lastUpdated}</time>
          </>
        }
      />
      <div className={cx('container', styles.body)}>
        <div className={styles.prose} dangerouslySetInnerHTML={{ __html: text.html }} />
      </div>
    </PublicLayout>
  );
}
