import type { ReactElement } from 'react';
import { Alert, Card, Descriptions, Divider, Image, Select, Space, Spin, Tag, Typography } from 'antd';
import {
  feedbackDeletable,
  manualFeedbackStates,
  type FeedbackDetail,
  type FeedbackState,
  type FeedbackThreadMessage,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { ConfirmButton } from '../../components/ConfirmButton';
import { LoadFailed } from '../../components/LoadFailed';
import { deleteFeedback, screenshotUrl, setFeedbackState, useFeedback } from './api';
import { MAIL_COLOR, STATE_COLOR } from './feedbackText';
import { ReplyBox } from './ReplyBox';
import { FeedbackTestId } from './testIds';

function Message({
  feedback,
  message,
}: {
  feedback: FeedbackDetail;
  message: FeedbackThreadMessage;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid={FeedbackTestId.message}
      style={{ marginBottom: 12, borderColor: message.staff ? '#91caff' : undefined }}
      title={
        <Space wrap>
          <span>{message.author.username}</span>
          {message.staff && <Tag color="blue">{t('feedbackWeb.staff')}</Tag>}
          <Typography.Text type="secondary">{epochText(message.createdAt)}</Typography.Text>
        </Space>
      }
      extra={
        message.mail !== null &&
        feedback.canAnswer && (
          <Tag
            color={MAIL_COLOR[message.mail]}
            data-testid={FeedbackTestId.mailState}
            data-mail={message.mail}
          >
            {t(`feedbackWeb.mail.${message.mail}`)}
          </Tag>
        )
      }
    >
      {/* User text is rendered by React, as text; line breaks kept. */}
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
        {message.text}
      </Typography.Paragraph>
      {message.screenshots.length > 0 && (
        <Image.PreviewGroup>
          <Space wrap style={{ marginTop: 8 }}>
            {message.screenshots.map((fileId) => (
              <Image
                key={fileId}
                width={96}
                height={72}
                style={{ objectFit: 'cover' }}
                src={screenshotUrl(feedback.id, fileId)}
                alt={t('feedbackWeb.screenshot')}
                data-testid={FeedbackTestId.screenshot}
              />
            ))}
          </Space>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}

/** The state menu of staff: the states the rule allows from here (contracts manualFeedbackStates). */
function StateMenu({ feedback }: { feedback: FeedbackDetail }): ReactElement {
  const { t } = useTranslation();
  const allowed = manualFeedbackStates(feedback.state);
  return (
    <Select<FeedbackState>
      value={feedback.state}
      style={{ width: 180 }}
      data-testid={FeedbackTestId.stateSelect}
      onChange={(state) => void setFeedbackState(feedback.id, state).catch(() => undefined)}
      options={[feedback.state, ...allowed].map((v) => ({
        value: v,
        label: t(`feedbackWeb.state.${v}`),
        disabled: v === feedback.state,
      }))}
    />
  );
}

/**
 * One feedback: what it is and who sent it, the thread oldest first with its screenshots (a click enlarges
 * them), the answer-mail state on staff answers, and — as far as the caller may — the reply box, the state
 * menu (staff) and deleting (the sender, while untouched).
 */
export function FeedbackThread({ id, onDeleted }: { id: number; onDeleted: () => void }): ReactElement {
  const { t } = useTranslation();
  const query = useFeedback(id);
  if (query.isError && query.data === undefined)
    return <LoadFailed title={t('feedbackWeb.loadFailed')} query={query} />;
  const feedback = query.data;
  if (feedback === undefined) return <Spin />;
  return <FeedbackThreadView feedback={feedback} onDeleted={onDeleted} />;
}

/** The thread of a loaded feedback (what FeedbackThread shows once its query answered). */
export function FeedbackThreadView({
  feedback,
  onDeleted,
}: {
  feedback: FeedbackDetail;
  onDeleted: () => void;
}): ReactElement {
  const { t } = useTranslation();
  const open = feedback.state !== 'CLOSED';
  return (
    <div data-testid={FeedbackTestId.detail}>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('feedbackWeb.column.type')}>
          {t(`feedbackWeb.type.${feedback.type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.column.state')}>
          {feedback.canAnswer ? (
            <StateMenu feedback={feedback} />
          ) : (
            <Tag color={STATE_COLOR[feedback.state]}>{t(`feedbackWeb.state.${feedback.state}`)}</Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.column.sender')}>
          {feedback.sender.username} ({feedback.companyName})
        </Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.column.created')}>
          {epochText(feedback.createdAt)}
        </Descriptions.Item>
      </Descriptions>
      {feedback.canAnswer && !feedback.senderHasEmail && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('feedbackWeb.noEmail')}
          data-testid={FeedbackTestId.noEmail}
        />
      )}
      {feedback.messages.map((m) => (
        <Message key={m.id} feedback={feedback} message={m} />
      ))}
      {open && (feedback.mine || feedback.canAnswer) && (
        <>
          <Divider />
          <ReplyBox id={feedback.id} answer={feedback.canAnswer} />
        </>
      )}
      {!open && <Alert type="info" showIcon title={t('feedbackWeb.closedHint')} />}
      {feedback.mine && feedbackDeletable(feedback.state, feedback.messageCount) && (
        <>
          <Divider />
          <ConfirmButton
            testId={FeedbackTestId.delete}
            onConfirm={() => deleteFeedback(feedback.id).then(onDeleted)}
          >
            {t('feedbackWeb.delete')}
          </ConfirmButton>
        </>
      )}
    </div>
  );
}
