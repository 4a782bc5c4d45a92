import terms from '@content/legal/terms.md';
import { LegalDocument } from './components/LegalDocument';

/** /terms: the shop's terms of service, content/legal/terms.md rendered at build time. */
export function Component() {
  return <LegalDocument text={terms} />;
}
