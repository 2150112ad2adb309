/** React Router's production build, for both builds' alias (react-router-production.mjs). */
export declare const reactRouterProduction: string;
export declare const reactRouterDomProduction: string;
