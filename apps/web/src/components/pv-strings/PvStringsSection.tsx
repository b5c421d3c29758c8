import { useState, type ReactElement } from 'react';
import { Button, Card, Empty, Space, Table, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Perm, type PvString } from '@sunfleet/contracts';
import { useTranslation } from 'react-i18next';
import { ConfirmButton } from '../../components/ConfirmButton';
import { LoadFailed } from '../../components/LoadFailed';
import { Permitted, usePermitted } from '../../components/Permitted';
import { useNumberFormat } from '../../lib/numberFormat';
import { savePvStrings, usePvStrings } from './api';
import { stringName } from './stringName';
import { PvStringsTestId } from './testIds';
import { IvHistoryChart } from './IvHistoryChart';
import { PvStringModal } from './PvStringModal';
import { nameplateW, refusalOf, withString, withoutString } from './pvStringForm';

/** Which string the dialog edits: null closed, 'new' adding, else the index in the list. */
type Editing = null | 'new' | number;

/**
 * An inverter's PV strings (docs/iv-curves.md "Strings (stored)"), what its IV scans are compared with:
 * each string's MPPT input, modules in series and module datasheet, added, changed and removed with
 * device:update; then, with iv:view, each string's Pmax at STC over its scans.
 */
export function PvStringsSection({
  deviceId,
  timeZone,
}: {
  deviceId: number;
  timeZone: string;
}): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const mayEdit = usePermitted([Perm.deviceUpdate]);
  const query = usePvStrings(deviceId);
  const [editing, setEditing] = useState<Editing>(null);
  const list = query.data?.strings ?? [];
  const save = useMutation({
    mutationFn: (strings: PvString[]) => savePvStrings(deviceId, { strings }),
    onSuccess: () => setEditing(null),
  });
  const refusal = refusalOf(save.error);
  const edit = (next: Editing): void => {
    save.reset();
    setEditing(next);
  };

  const columns: TableColumnsType<PvString> = [
    { title: t('ivWeb.strings.name'), key: 'name', render: (_: unknown, s) => stringName(t, s) },
    { title: t('ivWeb.strings.module'), key: 'module', render: (_: unknown, s) => s.module.model },
    { title: t('ivWeb.strings.modulesInSeries'), dataIndex: 'modulesInSeries' },
    {
      title: t('ivWeb.strings.nameplate'),
      key: 'nameplate',
      render: (_: unknown, s) => fmt.powerText(nameplateW(s) / 1000),
    },
    ...(mayEdit
      ? [
          {
            title: '',
            key: 'actions',
            render: (_: unknown, s: PvString, index: number) => (
              <Space size={4}>
                <Button
                  type="link"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => edit(index)}
                  data-testid={PvStringsTestId.stringEdit}
                >
                  {t('ivWeb.strings.editShort')}
                </Button>
                <ConfirmButton
                  title={t('ivWeb.strings.removeConfirm', { name: stringName(t, s) })}
                  onConfirm={() => save.mutateAsync(withoutString(list, index))}
                  testId={PvStringsTestId.stringRemove}
                >
                  {t('ivWeb.strings.remove')}
                </ConfirmButton>
              </Space>
            ),
          },
        ]
      : []),
  ];

  const body =
    query.data === undefined ? (
      query.isError ? (
        <LoadFailed title={t('ivWeb.strings.failed')} query={query} />
      ) : (
        <Table<PvString> size="small" loading columns={columns} dataSource={[]} pagination={false} />
      )
    ) : (
      <Table<PvString>
        size="small"
        rowKey={(s) => `${s.mppt}/${s.string}`}
        columns={columns}
        dataSource={list}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('ivWeb.strings.none')} /> }}
        data-testid={PvStringsTestId.stringsTable}
      />
    );

  return (
    <Card
      size="small"
      title={t('ivWeb.strings.title')}
      data-testid={PvStringsTestId.strings}
      extra={
        mayEdit && (
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={query.data === undefined}
            onClick={() => edit('new')}
            data-testid={PvStringsTestId.stringAdd}
          >
            {t('ivWeb.strings.add')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('ivWeb.strings.intro')}</Typography.Paragraph>
      {body}
      <Permitted codes={[Perm.ivView]}>
        <div data-testid={PvStringsTestId.history} style={{ marginTop: 16 }}>
          <Typography.Text strong>{t('ivWeb.history.title')}</Typography.Text>
          <IvHistoryChart deviceId={deviceId} timeZone={timeZone} />
        </div>
      </Permitted>
      {query.data !== undefined && (
        <PvStringModal
          open={editing !== null}
          string={typeof editing === 'number' ? list[editing] : undefined}
          existing={list}
          mpptCount={query.data.mpptCount}
          builtIns={query.data.builtInModules}
          save={{
            mutate: (s) => save.mutate(withString(list, typeof editing === 'number' ? editing : null, s)),
            isPending: save.isPending,
          }}
          refusal={refusal === null ? null : refusal.rule}
          onClose={() => edit(null)}
        />
      )}
    </Card>
  );
}
