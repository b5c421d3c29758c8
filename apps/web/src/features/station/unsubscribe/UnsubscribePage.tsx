import type { ReactElement } from 'react';
import { Button, Card, Descriptions, Result, Spin, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../../components/LanguageSelect';
import { Logo } from '../../../components/Logo';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { TestId } from '../../../testids';
import { NOTIFY_TYPE_LABEL } from '../detail/labels';
import { useUnsubscribe, useUnsubscribeTarget } from './api';
import '../share/share.css';

/**
 * The page the unsubscribe link of a notification mail opens (#/unsubscribe?token=…; public). It shows
 * which subscription the link names and switches it off only when the button is pressed: mail scanners
 * and link previews open links, and opening must not unsubscribe anyone.
 */
export function UnsubscribePage(): ReactElement {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const target = useUnsubscribeTarget(token);
  const unsubscribe = useUnsubscribe(token);
  useDocumentTitle(t('unsubscribe.title'));
  const shown = unsubscribe.data ?? target.data;

  let body: ReactElement;
  if (token === '' || target.isError) {
    body = (
      <Result
        status="warning"
        title={t('unsubscribe.unavailable')}
        subTitle={t('unsubscribe.unavailableHint')}
        data-testid={TestId.unsubscribeResult}
        data-state="unavailable"
      />
    );
  } else if (shown === undefined) {
    body = <Spin size="large" />;
  } else {
    const facts = (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('unsubscribe.station')}>{shown.stationName}</Descriptions.Item>
        <Descriptions.Item label={t('unsubscribe.email')}>{shown.email}</Descriptions.Item>
        <Descriptions.Item label={t('unsubscribe.subject')}>{shown.subject}</Descriptions.Item>
        <Descriptions.Item label={t('unsubscribe.notifyType')}>
          {t(NOTIFY_TYPE_LABEL[shown.notifyType])}
        </Descriptions.Item>
      </Descriptions>
    );
    body = shown.enabled ? (
      <Card title={t('unsubscribe.ask')}>
        {facts}
        <Button
          type="primary"
          danger
          block
          style={{ marginTop: 16 }}
          loading={unsubscribe.isPending}
          onClick={() => unsubscribe.mutate()}
          data-testid={TestId.unsubscribeConfirm}
        >
          {t('unsubscribe.confirm')}
        </Button>
      </Card>
    ) : (
      <Result
        status="success"
        title={unsubscribe.isSuccess ? t('unsubscribe.done') : t('unsubscribe.alreadyOff')}
        subTitle={unsubscribe.isSuccess ? t('unsubscribe.doneHint') : undefined}
        extra={facts}
        data-testid={TestId.unsubscribeResult}
        data-state={unsubscribe.isSuccess ? 'done' : 'off'}
      />
    );
  }

  return (
    <div className="share-page" data-testid={TestId.unsubscribePage}>
      <header className="share-header">
        <Logo />
        <Typography.Text strong>{t('unsubscribe.title')}</Typography.Text>
        <LanguageSelect />
      </header>
      <main className="share-main" style={{ maxWidth: 560 }}>
        {body}
      </main>
    </div>
  );
}
