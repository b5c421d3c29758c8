/** A station id of the route, or undefined when it is not a positive integer. */
export function stationIdOf(param: string | undefined): number | undefined {
  if (param === undefined || !/^[1-9]\d{0,9}$/.test(param)) return undefined;
  const id = Number(param);
  return Number.isSafeInteger(id) ? id : undefined;
}
