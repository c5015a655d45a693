import type { UseChartReturn } from '@chakra-ui/charts';

/**
 * What every chart's axes share: no axis line, the grid's grey for ticks, and labels in the muted
 * text colour. recharts draws labels in the axis's stroke unless told, and the grid's grey read at 1.2:1.
 */
export function chartAxis(chart: Pick<UseChartReturn<unknown>, 'color'>) {
  return { axisLine: false, stroke: chart.color('border') as string, tick: { fill: chart.color('fg.muted') as string } };
}
