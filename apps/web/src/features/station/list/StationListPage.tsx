import { useState, type ReactElement } from 'react';
import { Button, Checkbox, Popover, Select, Space, Switch } from 'antd';
import { EditOutlined, SettingOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Perm, StationLimits, StationTypes } from '@sunfleet/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { PageProps } from '../../../lib/page';
import { ListPage, ListToolbar } from '../../../components/ListPage';
import { Permitted } from '../../../components/Permitted';
import { StatusSelect } from '../../../components/StatusTag';
import { DeleteButton, actionsColumn, useRemove } from '../../../components/RowActions';
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
import { stationFormPath } from '../../../lib/paths';
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
  const navigate = useNavigate();
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

  const columns = [
    ...stationColumns(t, chosen, info?.guest === true ? undefined : (s) => follow.mutate(s)),
    actionsColumn<StationSummary>(t, (s) => (
      <Space size={0} wrap>
        <Permitted codes={[Perm.stationUpdate]}>
          <Button
            type="link"
            size="small"
            onClick={() => renaming.edit(s)}
            data-testid={TestId.stationRename}
          >
            {t('stationList.rename')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => void navigate(stationFormPath(s.id))}
            data-testid={TestId.stationEdit}
          >
            {t('common.edit')}
          </Button>
        </Permitted>
        <Permitted codes={[Perm.stationAssign]}>
          <Button
            type="link"
            size="small"
            icon={<ShareAltOutlined />}
            onClick={() => assigning.edit(s)}
            data-testid={TestId.stationAssign}
          >
            {t('stationList.assign')}
          </Button>
        </Permitted>
        <Permitted codes={[Perm.stationDelete]}>
          <DeleteButton onConfirm={() => remove(s)} testId={TestId.stationDelete} />
        </Permitted>
      </Space>
    )),
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
          <ColumnChooser chosen={chosen} onChange={chooseColumns} saving={saveColumns.isPending} />
        </ListToolbar>
      }
    >
      <RenameModal open={renaming.open} station={renaming.record} onClose={renaming.close} />
      <AssignModal open={assigning.open} station={assigning.record} onClose={assigning.close} />
    </ListPage>
  );
}
