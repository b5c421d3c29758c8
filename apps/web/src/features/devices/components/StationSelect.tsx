// The station picker moved to components/ (the alarm list filters by station too).
export { StationSelect, type StationSelectProps } from '../../../components/StationSelect';
