import { useAccount } from "../../features/account/useAccount";
import { ContentPage } from "../content/ContentPage";
import type { PageProps } from "../props";
import { LoggedIn } from "./LoggedIn";
import { LoginForm } from "./LoginForm";
import "./login.css";

/** The login page: config's heading and text, then the form, or who is logged in already. */
export function LoginPage(props: PageProps) {
  const { site, page } = props;
  const { load, refresh } = useAccount();
  const account = load.status === "ready" ? load.state.account : null;
  return (
    <>
      <ContentPage {...props} name="login-page" />
      <div className="container login-page__panel">
        {account ? <LoggedIn account={account} lang={page.lang} done={refresh} /> : <LoginForm site={site} lang={page.lang} />}
      </div>
    </>
  );
}
