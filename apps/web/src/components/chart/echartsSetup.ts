// Loaded only through a dynamic import (EChart.tsx): ECharts core with just the pieces the device pages, the
// alarm drawer and the fault-recording viewer (dataZoom) draw, so the charts stay out of the initial chunk
// and unused chart types out of the bundle.
import { BarChart, LineChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  MarkLineComponent,
  DataZoomComponent,
  CanvasRenderer,
]);

export { echarts };
