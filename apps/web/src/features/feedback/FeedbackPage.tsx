import { useState, type ReactElement } from 'react';
import { Button, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Perm } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { ListDrawer, useDrawerParam } from '../../components/ListDrawer';
import { ListPageCard } from '../../components/ListPage';
import { usePermitted } from '../../components/Permitted';
import type { PageProps } from '../../lib/page';
import { useInfo } from '../../lib/sessionData';
import { FeedbackList } from './FeedbackList';
import { FeedbackThread } from './FeedbackThread';
import { NewFeedbackModal } from './NewFeedbackModal';
import { FeedbackTestId } from './testIds';

/**
 * Comments and feedback (`/feedback`, from the user menu): "My feedback" with a New feedback button (not for
 * the guest), and for staff holding feedback:answer the feedback of the users in their scope; a row opens its
 * thread in a drawer (`?id=`, so the link in the answer mail opens it).
 */
export function FeedbackPage({ meta }: PageProps): ReactElement {
  const { t } = useTranslation();
  const staff = usePermitted([Perm.feedbackAnswer]);
  // The read-only guest sends nothing (the server refuses it anyway): no button to a refusal.
  const guest = useInfo().data?.guest === true;
  const [creating, setCreating] = useState(false);
  const drawer = useDrawerParam('id');
  const open = (id: number): void => drawer.open(String(id));
  const newButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setCreating(true)}
      data-testid={FeedbackTestId.create}
    >
      {t('feedbackWeb.new')}
    </Button>
  );
  const mine = <FeedbackList scope="MINE" onOpen={open} {...(guest ? {} : { extra: newButton })} />;
  return (
    <ListPageCard testId={FeedbackTestId.page} title={t(meta.title)}>
      <ListDrawer
        list={
          staff ? (
            <Tabs
              data-testid={FeedbackTestId.tabs}
              items={[
                { key: 'mine', label: t('feedbackWeb.tab.mine'), children: mine },
                {
                  key: 'scope',
                  label: t('feedbackWeb.tab.scope'),
                  children: <FeedbackList scope="SCOPE" onOpen={open} />,
                },
              ]}
            />
          ) : (
            mine
          )
        }
        openId={drawer.openId}
        onClose={() => drawer.open(null)}
        title={t('feedbackWeb.detail', { id: drawer.openId ?? '' })}
        width={720}
        detail={(id) => <FeedbackThread id={Number(id)} onDeleted={() => drawer.open(null)} />}
      />
      <NewFeedbackModal open={creating} onClose={() => setCreating(false)} onSent={(d) => open(d.id)} />
    </ListPageCard>
  );
}
