import { MailCheck, MailQuestionMark } from 'lucide-react';
import { Badge } from '@/components/Badge';

const VERIFIED_TEXT = { yes: 'Verified', no: 'Not verified' } as const;

/**
 * Whether an account's e-mail address is verified (contract/account.ts), for admins beside the address (Staff, a job's
 * customer). The pill shows "Verified" / "Not verified"; its accessible name says which address it is about.
 */
export function EmailVerifiedBadge({ verified, className }: { verified: boolean; className?: string }) {
  return (
    <span role="img" aria-label={verified ? 'E-mail verified' : 'E-mail not verified'} className={className}>
      <Badge tone={verified ? 'success' : 'warning'} icon={verified ? MailCheck : MailQuestionMark}>
        {verified ? VERIFIED_TEXT.yes : VERIFIED_TEXT.no}
      </Badge>
    </span>
  );
}
