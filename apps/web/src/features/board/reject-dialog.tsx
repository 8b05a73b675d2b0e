import type { TBoardCard, TRejectKind } from '@ats/contracts/pipeline';
import { applicantName } from '../../shared/format/applicant-format';
import { RejectDialog as SharedRejectDialog } from '../../shared/pipeline/reject-dialog';

export type RejectRequest = {
  card: TBoardCard;
  kind: TRejectKind;
  /** The rejection stage the card was dropped on; the vacancy's first of the kind otherwise. */
  statusId?: number;
};

type Props = { vacancyId: number; request: RejectRequest | null; onClose: () => void };

/** The board's ⋮ menu → the reason dialog the card uses too (shared/pipeline). */
export function RejectDialog({ vacancyId, request, onClose }: Props) {
  return (
    <SharedRejectDialog
      onClose={onClose}
      request={
        request && {
          kind: request.kind,
          target: {
            applicationId: request.card.application_id,
            applicantId: request.card.applicant_id,
            vacancyId,
            name: applicantName(request.card),
          },
          ...(request.statusId !== undefined && { statusId: request.statusId }),
        }
      }
    />
  );
}
