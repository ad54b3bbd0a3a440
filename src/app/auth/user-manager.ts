import { UserManager, WebStorageStateStore } from 'oidc-client-ts';
import { SIGN_IN_SCOPES, type AuthConfig } from '../../shared/auth-config.ts';
import { CLOCK_SKEW_SECONDS } from './clock-skew.ts';

export function createUserManager(config: AuthConfig, origin = location.origin): UserManager {
  return new UserManager({
    authority: config.authority,
    client_id: config.client_id,
    redirect_uri: `${origin}/`,
    silent_redirect_uri: `${origin}/silent-renew.html`,
    post_logout_redirect_uri: `${origin}/`,
    response_type: 'code',
    scope: SIGN_IN_SCOPES,
    // Auth0 issues opaque tokens without `audience`; the embedded provider defaults to the API.
    extraQueryParams: { audience: config.audience },
    userStore: new WebStorageStateStore({ store: localStorage }),
    stateStore: new WebStorageStateStore({ store: localStorage }),
    loadUserInfo: false,
    // Renewal is ours (session.ts): one tab at a time, refresh token first, iframe as fallback.
    automaticSilentRenew: false,
    accessTokenExpiringNotificationTimeInSeconds: CLOCK_SKEW_SECONDS,
    silentRequestTimeoutInSeconds: 10,
    revokeTokenTypes: ['refresh_token'],
  });
}
