import type { ReactElement } from 'react';
import { Empty, Modal } from 'antd';
import { Layout } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { TestId } from '../../testids';

/**
 * The global search dialog (SPEC §2, 640 px). Its search, filters and history arrive with Step 3; until
 * then it says so instead of pretending to search.
 */
export function SearchDialog({ open, onClose }: { open: boolean; onClose: () => void }): ReactElement {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={Layout.searchDialogWidthPx}
      title={t('search.title')}
      destroyOnHidden
    >
      <div data-testid={TestId.searchDialog}>
        <Empty description={t('search.arrivesLater')} />
      </div>
    </Modal>
  );
}
