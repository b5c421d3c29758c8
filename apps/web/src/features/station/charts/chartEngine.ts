// The chart library, tree-shaken to what the station charts draw. Loaded only through a dynamic import
// (see ChartCanvas), so it never lands in the console's initial chunks.
import { init, use } from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  TooltipComponent,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';

use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkAreaComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export { init };
