import type { ReactElement } from 'react';
import { Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import {
  FEEDBACK_STATES,
  FEEDBACK_TYPES,
  type FeedbackListScope,
  type FeedbackState,
  type FeedbackType,
  type FeedbackView,
} from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { epochText } from '../../components/commands/epochText';
import { DataTable } from '../../components/DataTable';
import { useListFilters } from '../../lib/paging';
import { useFeedbackPage, type FeedbackFilters } from './api';
import { STATE_COLOR } from './feedbackText';
import { FeedbackTestId } from './testIds';

/**
 * One list of feedback, latest activity first: the caller's own (MINE) or those of users in their scope
 * (SCOPE, with sender and company), filtered by state and type; a row opens its thread.
 */
export function FeedbackList({
  scope,
  onOpen,
  extra,
}: {
  scope: FeedbackListScope;
  onOpen: (id: number) => void;
  extra?: ReactElement;
}): ReactElement {
  const { t } = useTranslation();
  const { paging, filters, set } = useListFilters<FeedbackFilters>({});
  const query = useFeedbackPage(scope, paging.page, filters);
  const columns: TableColumnsType<FeedbackView> = [
    { title: '#', dataIndex: 'id', width: 70 },
    {
      title: t('feedbackWeb.column.type'),
      dataIndex: 'type',
      render: (v: FeedbackType) => t(`feedbackWeb.type.${v}`),
    },
    {
      title: t('feedbackWeb.column.text'),
      key: 'text',
      ellipsis: true,
      render: (_, v) => (
        <Typography.Link data-testid={FeedbackTestId.rowText} onClick={() => onOpen(v.id)}>
          {v.text}
        </Typography.Link>
      ),
    },
    {
      title: t('feedbackWeb.column.state'),
      dataIndex: 'state',
      render: (v: FeedbackState) => (
        <Tag color={STATE_COLOR[v]} data-testid={FeedbackTestId.rowState} data-state={v}>
          {t(`feedbackWeb.state.${v}`)}
        </Tag>
      ),
    },
    ...(scope === 'SCOPE'
      ? ([
          { title: t('feedbackWeb.column.sender'), key: 'sender', render: (_, v) => v.sender.username },
          { title: t('feedbackWeb.column.company'), dataIndex: 'companyName' },
        ] satisfies TableColumnsType<FeedbackView>)
      : []),
    { title: t('feedbackWeb.column.messages'), dataIndex: 'messageCount', width: 100 },
    { title: t('feedbackWeb.column.updated'), dataIndex: 'updatedAt', render: (v: number) => epochText(v) },
  ];
  return (
    <DataTable<FeedbackView>
      query={query}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={FeedbackTestId.table}
      toolbar={
        <Space wrap style={{ marginBottom: 12 }}>
          <Select<FeedbackState>
            allowClear
            placeholder={t('feedbackWeb.column.state')}
            style={{ width: 160 }}
            value={filters.state}
            onChange={set('state')}
            options={FEEDBACK_STATES.map((v) => ({ value: v, label: t(`feedbackWeb.state.${v}`) }))}
          />
          <Select<FeedbackType>
            allowClear
            placeholder={t('feedbackWeb.column.type')}
            style={{ width: 160 }}
            value={filters.type}
            onChange={set('type')}
            options={FEEDBACK_TYPES.map((v) => ({ value: v, label: t(`feedbackWeb.type.${v}`) }))}
          />
          {extra}
        </Space>
      }
      card={(v) => (
        <Space orientation="vertical" size={2} onClick={() => onOpen(v.id)} style={{ cursor: 'pointer' }}>
          <Space>
            <Tag color={STATE_COLOR[v.state]}>{t(`feedbackWeb.state.${v.state}`)}</Tag>
            <span>{t(`feedbackWeb.type.${v.type}`)}</span>
          </Space>
          <Typography.Text ellipsis>{v.text}</Typography.Text>
          <Typography.Text type="secondary">{epochText(v.updatedAt)}</Typography.Text>
        </Space>
      )}
    />
  );
}
