import { useState, type ReactElement } from 'react';
import { Button, Checkbox, Grid, Popover, Select, Switch } from 'antd';
import {
  DeleteOutlined,
  EditOutlined,
  FormOutlined,
  SettingOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import { Perm, StationLimits, StationTypes } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageProps } from '../../../lib/page';
import { ListPage, ListToolbar } from '../../../components/ListPage';
import { ActionsMenu } from '../../../components/ActionsMenu';
import { usePermissionCheck } from '../../../components/Permitted';
import { StatusSelect } from '../../../components/StatusTag';
import { actionsColumn, useRemove } from '../../../components/RowActions';
import { useEditTarget } from '../../../components/useFormModal';
import { useListFilters } from '../../../lib/paging';
import { api } from '../../../lib/request';
import { TestId } from '../../../testids';
import { setCachedInfo, useInfo } from '../../../lib/sessionData';
import {
  invalidateStations,
  stationApi,
  useStations,
  type StationFilters,
  type StationSummary,
  type StationType,
} from '../api';
import { AssignModal } from './AssignModal';
import { STATION_COLUMNS, STATION_LIST_PAGE, visibleColumns, type StationColumn } from './columnChoice';
import { COLUMN_LABEL, stationColumns } from './columns';
import { STATION_TYPE_LABEL } from './labels';
import { RenameModal } from './RenameModal';
import { StationCard } from './StationCard';
import { stationFormPath } from '../../../lib/paths';
import { useNumberFormat } from '../../../lib/numberFormat';
import './stationList.css';

/** The column chooser: ticking a column applies it at once and saves the choice for this account. */
function ColumnChooser({
  chosen,
  onChange,
  saving,
}: {
  chosen: StationColumn[];
  onChange: (columns: StationColumn[]) => void;
  saving: boolean;
}): ReactElement {
  const { t } = useTranslation();
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Checkbox.Group<StationColumn>
          className="station-column-options"
          value={chosen}
          onChange={(next) => onChange(STATION_COLUMNS.filter((c) => next.includes(c)))}
          options={STATION_COLUMNS.map((c) => ({ value: c, label: t(COLUMN_LABEL[c]) }))}
        />
      }
    >
      <Button icon={<SettingOutlined />} loading={saving} data-testid={TestId.stationColumns}>
        {t('stationList.columns')}
      </Button>
    </Popover>
  );
}

/**
 * Station list (`/stationSystem`): search, filters, followed only, chosen columns, row actions. `?name=`
 * (the global search's More link) starts the list with that keyword; a new one starts it afresh.
 */
export function StationListPage(props: PageProps): ReactElement {
  const [params] = useSearchParams();
  const name = params.get('name') ?? '';
  return <StationListView key={name} {...props} initialName={name} />;
}

function StationListView({ meta, initialName }: PageProps & { initialName: string }): ReactElement {
  const { t } = useTranslation();
  const fmt = useNumberFormat();
  const navigate = useNavigate();
  const permitted = usePermissionCheck();
  // Phones get cards (DataTable's `card`), whose figures are fixed: the column chooser does not apply.
  const phone = Grid.useBreakpoint().md === false;
  const { paging, filters, set } = useListFilters<StationFilters>({ name: initialName });
  const stations = useStations(filters, paging.page);
  const info = useInfo(false).data;
  const saved = info?.columnOption[STATION_LIST_PAGE];
  const [overrideColumns, setOverrideColumns] = useState<StationColumn[]>();
  const chosen = overrideColumns ?? visibleColumns(saved);
  // POST /api/columnOption; the answer's map replaces the cached /api/info one. A refused save (a guest,
  // say) leaves the choice applied on this page until it is left.
  const saveColumns = useMutation({
    mutationFn: (columns: StationColumn[]) =>
      api.POST('/api/columnOption', { body: { page: STATION_LIST_PAGE, columns } }),
    onSuccess: ({ columnOption }) => setCachedInfo((info) => ({ ...info, columnOption })),
  });
  const chooseColumns = (columns: StationColumn[]): void => {
    setOverrideColumns(columns);
    saveColumns.mutate(columns);
  };
  const renaming = useEditTarget<StationSummary>();
  const assigning = useEditTarget<StationSummary>();
  const remove = useRemove((s: StationSummary) => stationApi.remove(s.id), invalidateStations);
  const follow = useMutation({
    mutationFn: (s: StationSummary) => (s.concern ? stationApi.unfollow(s.id) : stationApi.follow(s.id)),
    onSuccess: () => invalidateStations(),
  });

  const onToggleFollow = info?.guest === true ? undefined : (s: StationSummary) => follow.mutate(s);
  const actionsOf = (s: StationSummary): ReactElement => (
    <ActionsMenu
      testId={TestId.stationActions}
      actions={[
        {
          key: 'rename',
          label: t('stationList.rename'),
          icon: <FormOutlined />,
          perm: Perm.stationUpdate,
          testId: TestId.stationRename,
          onClick: () => renaming.edit(s),
        },
        {
          key: 'edit',
          label: t('common.edit'),
          icon: <EditOutlined />,
          perm: Perm.stationUpdate,
          testId: TestId.stationEdit,
          onClick: () => void navigate(stationFormPath(s.id)),
        },
        {
          key: 'assign',
          label: t('stationList.assign'),
          icon: <ShareAltOutlined />,
          perm: Perm.stationAssign,
          testId: TestId.stationAssign,
          onClick: () => assigning.edit(s),
        },
        {
          key: 'delete',
          label: t('common.delete'),
          icon: <DeleteOutlined />,
          perm: Perm.stationDelete,
          testId: TestId.stationDelete,
          danger: true,
          confirm: { run: () => remove(s) },
        },
      ]}
    />
  );
  const anyAction = permitted([Perm.stationUpdate, Perm.stationAssign, Perm.stationDelete]);
  // The name stays on the left and the actions (one icon) on the right; the figures scroll between them.
  const columns = [
    ...stationColumns(t, fmt, chosen, onToggleFollow),
    ...(anyAction ? [{ ...actionsColumn<StationSummary>(t, actionsOf), title: '', width: 48 }] : []),
  ];

  return (
    <ListPage<StationSummary>
      pageTestId={TestId.stationListPage}
      title={t(meta.title)}
      query={stations}
      columns={columns}
      rowKey="id"
      paging={paging}
      testId={TestId.stationTable}
      card={(s) => <StationCard station={s} onToggleFollow={onToggleFollow} actions={actionsOf(s)} />}
      toolbar={
        <ListToolbar
          search={{
            placeholder: t('stationList.searchPlaceholder'),
            onSearch: set('name'),
            defaultValue: initialName,
            maxLength: StationLimits.keywordMax,
            width: 220,
          }}
          create={{
            perm: Perm.stationCreate,
            label: t('stationList.create'),
            onClick: () => void navigate(stationFormPath()),
          }}
        >
          <Select<StationType>
            allowClear
            placeholder={t('stationList.col.type')}
            value={filters.type}
            onChange={set('type')}
            options={StationTypes.map((v) => ({ value: v, label: t(STATION_TYPE_LABEL[v]) }))}
            style={{ width: 190 }}
            data-testid={TestId.stationTypeFilter}
          />
          <StatusSelect
            kind="station"
            value={filters.status}
            onChange={set('status')}
            placeholder={t('stationList.col.status')}
            testId={TestId.stationStatusFilter}
          />
          <label className="station-followed-only">
            <Switch
              size="small"
              checked={filters.concern === true}
              onChange={(on) => set('concern')(on ? true : undefined)}
              data-testid={TestId.stationFollowedOnly}
            />
            <span>{t('stationList.followedOnly')}</span>
          </label>
          {phone ? null : (
            <ColumnChooser chosen={chosen} onChange={chooseColumns} saving={saveColumns.isPending} />
          )}
        </ListToolbar>
      }
    >
      <RenameModal open={renaming.open} station={renaming.record} onClose={renaming.close} />
      <AssignModal open={assigning.open} station={assigning.record} onClose={assigning.close} />
    </ListPage>
  );
}
