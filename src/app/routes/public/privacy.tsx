import privacy from '@content/legal/privacy.md';
import { LegalDocument } from './components/LegalDocument';

/** /privacy: the shop's privacy policy, content/legal/privacy.md rendered at build time. */
export function Component() {
  return <LegalDocument text={privacy} />;
}
