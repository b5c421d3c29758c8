import type { ReactElement } from 'react';
import { Alert, Button, List, Skeleton, Space, Tag, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { fileSizeText } from '../../components/fileSize';
import { downloadDocument, useDocumentVersions } from './api';
import { DocumentsTestId } from './testIds';

/** Every version of a document, newest (current) first, each downloadable. */
export function VersionsDrawer({ documentId }: { documentId: string }): ReactElement {
  const { t } = useTranslation();
  const versions = useDocumentVersions(documentId);
  if (versions.isPending) return <Skeleton active />;
  if (versions.isError) return <Alert type="warning" showIcon title={t('list.loadFailed')} />;
  return (
    <List
      data-testid={DocumentsTestId.versionsDrawer}
      dataSource={versions.data}
      renderItem={(v, index) => (
        <List.Item
          actions={[
            <Button
              key="download"
              type="link"
              icon={<DownloadOutlined />}
              data-testid={DocumentsTestId.versionDownload}
              onClick={() => void downloadDocument(documentId, v.fileName, v.id)}
            >
              {t('documentsWeb.download')}
            </Button>,
          ]}
        >
          <List.Item.Meta
            title={
              <Space wrap>
                <span>{t('documentsWeb.versionNumber', { number: v.number })}</span>
                {v.label !== '' && <Tag>{v.label}</Tag>}
                {index === 0 && <Tag color="green">{t('documentsWeb.current')}</Tag>}
              </Space>
            }
            description={
              <Space orientation="vertical" size={0}>
                <Typography.Text>
                  {v.fileName} · {fileSizeText(v.size)} · {epochText(v.createdAt)} · {v.createdBy ?? '-'}
                </Typography.Text>
                {v.notes !== '' && <Typography.Text type="secondary">{v.notes}</Typography.Text>}
              </Space>
            }
          />
        </List.Item>
      )}
    />
  );
}
