import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

/** Runs in the hidden iframe of a silent sign-in: hands the answer back to the page. */
const mgr = new UserManager({
  authority: '',
  client_id: '',
  redirect_uri: '',
  stateStore: new WebStorageStateStore({ store: localStorage }),
});
void mgr.signinSilentCallback();
