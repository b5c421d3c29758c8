// Environmental impact of generated energy (SPEC §2 big-screen impact figures, the Home KPIs and the
// station stats): standard coal saved, CO2 avoided, equivalent trees planted. The factors and their
// sources are documented in docs/stations.md; all three follow from the energy by fixed factors, so the
// figures of a fleet are the sum of the figures of its stations.

/**
 * kg of standard coal (29.3 GJ/t) a coal-fired plant burns per kWh supplied: about 300 g/kWh, the order
 * of the national average coal consumption of thermal power supply published yearly by the China
 * Electricity Council in the 2020s.
 */
export const COAL_KG_PER_KWH = 0.3;

/**
 * kg CO2 per kg of standard coal burnt: 29.3076 GJ/t × 94.6 t CO2/TJ (IPCC 2006 Guidelines, vol. 2,
 * table 1.4, default emission factor of other bituminous coal) ≈ 2.77.
 */
export const CO2_KG_PER_COAL_KG = 2.77;

/**
 * t CO2 one tree takes up: 0.060 t, the US EPA Greenhouse Gas Equivalencies figure for an urban tree
 * seedling grown for 10 years.
 */
export const CO2_TONS_PER_TREE = 0.06;

export interface Impact {
  coalTons: number;
  co2Tons: number;
  trees: number;
}

/** The impact of `energyKwh` generated; negative or non-finite energy counts as none. */
export function impactOf(energyKwh: number): Impact {
  const kwh = Number.isFinite(energyKwh) && energyKwh > 0 ? energyKwh : 0;
  const coalTons = (kwh * COAL_KG_PER_KWH) / 1000;
  const co2Tons = coalTons * CO2_KG_PER_COAL_KG;
  return { coalTons, co2Tons, trees: co2Tons / CO2_TONS_PER_TREE };
}
