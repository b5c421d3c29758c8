/** Where the New IV curve screen lives (contracts navigation 'iv/new'). */
export const NEW_IV_PATH = '/operation/iv/new';

export { ivTaskPath } from '../../lib/paths';
