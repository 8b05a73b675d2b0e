import { Composer } from './composer';
import { MessageTimeline } from './message-timeline';
import { useConversationEvents } from './use-conversation-events';

type Props = {
  applicantId: number;
  /** A hiring manager reads the conversation but does not write. */
  canSend: boolean;
};

/** The card's «Переписка»: every channel's messages in one timeline, and the composer under it. */
export function ConversationPanel({ applicantId, canSend }: Props) {
  useConversationEvents(applicantId);
  return (
    <section aria-label="Переписка с кандидатом" className="flex flex-col gap-3">
      <MessageTimeline applicantId={applicantId} canSend={canSend} />
      {canSend && <Composer applicantId={applicantId} />}
    </section>
  );
}
