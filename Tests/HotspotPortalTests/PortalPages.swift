/// Portal pages written by hand after real ones (hotel terms pages, openNDS and NoDogSplash splash pages,
/// Deutsche Telekom's WISPr hotspot page, MikroTik's default login.html), cut to what matters.
enum PortalPages {
    /// A hotel terms page: hidden CSRF token and return URL, a required terms checkbox wrapped in its label,
    /// a newsletter checkbox labelled by `for=`, an unnamed submit button; a script that only *reads*
    /// location.href.
    static let hotelTerms = """
    <!DOCTYPE html>
    <html lang="en"><head><meta charset="utf-8">
    <title>
      Welcome to Seaside Hotel   Guest Wi-Fi
    </title>
    <link rel="stylesheet" href="/static/portal.css">
    <script>window.dataLayer = window.dataLayer || [];
    if (location.href.indexOf("debug") > 0) { console.log("<form>"); }</script>
    <style>form > .x { color: red } </style>
    </head><body>
    <div class="logo"><img src="/static/logo.png" alt="Seaside"></div>
    <!-- <form action="/old"><input name="legacy"></form> -->
    <form id="accept" action="/guest/accept?lang=en&amp;src=splash" method="POST">
      <input type="hidden" name="csrf_token" value="f3a9c1d2&#x2F;e4b5==">
      <input type="hidden" name="redirect_url" value='http://detectportal.firefox.com/canonical.html'>
      <label><input type="checkbox" name="terms" required> I accept the <a href="/terms">Terms &amp; Conditions</a></label>
      <input type="checkbox" name="newsletter" value="yes" id="nl"><label for="nl">Send me offers</label>
      <button type="submit" class="btn btn-primary">Connect</button>
    </form>
    </body></html>
    """

    /// openNDS 9.x click-to-continue (ThemeSpec) splash: GET, hidden fas token, a tos checkbox.
    static let openNDS = """
    <!DOCTYPE html><html><head>
    <meta http-equiv="Cache-Control" content="no-cache, no-store, must-revalidate">
    <meta name="viewport" content="width=device-width, initial-scale=1.0">
    <link rel="shortcut icon" href="/images/splash.jpg" type="image/x-icon">
    <title>openNDS</title>
    </head><body><div class="offset"><med-blue>openNDS</med-blue><div class="insert">
    <hr><b>Welcome!</b><br><italic-black>To access the Internet you must Accept the Terms of Service.</italic-black><hr>
    <form action="/opennds_preauth/" method="get">
    <input type="hidden" name="fas" value="aGlkPTc2YjJkZDg0ZmMxNjYzYmY1M2U0ZGQ4MTU0YjI1NjMx">
    <input type="hidden" name="landing" value="yes">
    <input type=checkbox name=tos value=accepted required> I accept the Terms of Service<br>
    <input type="submit" value="Continue" >
    </form><br></div></div></body></html>
    """

    /// NoDogSplash's default splash: hidden tok and redir, a named submit button.
    static let noDogSplash = """
    <html><head><title>nodogsplash Entry</title></head><body>
    <form method='get' action='http://192.168.1.1:2050/nodogsplash_auth/'>
    <input type='hidden' name='tok' value='6ae1b1b2'>
    <input type='hidden' name='redir' value='http://connectivitycheck.gstatic.com/generate_204'>
    <input type='submit' name='continue' value='Continue'>
    </form></body></html>
    """

    /// Deutsche Telekom-style hotspot page: the WISPr Redirect in an HTML comment, with prolog and
    /// namespaces, a CDATA location name and an entity in the login URL.
    static let telekomWISPr = """
    <!DOCTYPE html>
    <html><head><title>HOTSPOT Login | Telekom</title>
    <!--
    <?xml version="1.0" encoding="UTF-8"?>
    <WISPAccessGatewayParam xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
        xsi:noNamespaceSchemaLocation="http://www.acmewisp.com/WISPAccessGatewayParam.xsd">
      <Redirect>
        <AccessProcedure>1.0</AccessProcedure>
        <AccessLocation>CDATA[[isocc=de,cc=49,ac=228,network=Telekom_HOTSPOT,]]</AccessLocation>
        <LocationName><![CDATA[Bonn Hbf <Gleis 1>]]></LocationName>
        <LoginURL>https://hotspot.t-mobile.net/wlan/rest/login?mac=0200000001&amp;lang=de</LoginURL>
        <AbortLoginURL>https://hotspot.t-mobile.net/wlan/rest/abort</AbortLoginURL>
        <MessageType>100</MessageType>
        <ResponseCode>0</ResponseCode>
      </Redirect>
    </WISPAccessGatewayParam>
    -->
    </head><body><div id="app">Loading…</div>
    <script>window.location.replace("https://hotspot.t-mobile.net/wlan/start.do");</script>
    </body></html>
    """

    /// The answer to a WISPr login POST: the XML alone.
    static let wisprLoginReply = """
    <?xml version="1.0" encoding="UTF-8"?>
    <WISPAccessGatewayParam xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
    <AuthenticationReply>
    <MessageType>120</MessageType>
    <ResponseCode>50</ResponseCode>
    <ReplyMessage>Login succeeded &amp; welcome</ReplyMessage>
    <LogoffURL>https://hotspot.t-mobile.net/wlan/rest/logoff</LogoffURL>
    </AuthenticationReply>
    </WISPAccessGatewayParam>
    """

    /// MikroTik's default hotspot login.html as served (variables expanded): a hidden `sendin` form that the
    /// CHAP script fills, then the visible login form.
    static let mikrotik = """
    <html><head><title>mikrotik hotspot &gt; login</title>
    <meta http-equiv="refresh-not" content="x">
    <meta http-equiv="pragma" content="no-cache"><meta http-equiv="expires" content="-1">
    </head><body>
    <form name="sendin" action="http://10.5.50.1/login" method="post" style="display:none">
      <input type="hidden" name="username" />
      <input type="hidden" name="password" />
      <input type="hidden" name="dst" value="http://detectportal.firefox.com/success.txt" />
      <input type="hidden" name="popup" value="true" />
    </form>
    <script type="text/javascript" src="/md5.js"></script>
    <script type="text/javascript">
    <!--
      function doLogin() {
        document.sendin.username.value = document.login.username.value;
        document.sendin.password.value = hexMD5('\\011' + document.login.password.value + '\\273\\054');
        document.sendin.submit();
        return false;
      }
    //-->
    </script>
    <form name="login" action="http://10.5.50.1/login" method="post" onSubmit="return doLogin()">
      <input type="hidden" name="dst" value="http://detectportal.firefox.com/success.txt" />
      <input type="hidden" name="popup" value="true" />
      <table>
        <tr><td>login</td><td><input style="width: 80px" name="username" type="text" value=""/></td></tr>
        <tr><td>password</td><td><input style="width: 80px" name="password" type="password"/></td></tr>
        <tr><td>&nbsp;</td><td><input type="submit" value="OK" /></td></tr>
      </table>
    </form>
    <script type="text/javascript">document.login.username.focus();</script>
    </body></html>
    """

    /// A café site: a search box in the header before the login form (email + room, hidden token).
    static let searchAndLogin = """
    <html><head><title>Café Lumen – Wi-Fi</title></head><body>
    <header><form action="/search" method="get" role="search">
      <input type="text" name="q" placeholder="Search the site"><button>Go</button>
    </form></header>
    <main><h1>Free Wi-Fi</h1>
    <form action="/wifi/login" method="post">
      <input type="hidden" name="_token" value="Zm9vYmFy">
      <label for="email">E-mail address</label>
      <input id="email" type="email" name="email" required>
      <input name="room" type="text" placeholder="Room number">
      <select name="lang"><option value="de">Deutsch</option><option value="en" selected>English</option></select>
      <input type="submit" name="action" value="Log in">
    </form></main></body></html>
    """

    /// A gateway's interception page: meta refresh in noscript and a script redirect.
    static let metaRefresh = """
    <html><head><noscript><META HTTP-EQUIV="Refresh" CONTENT="0; URL='http://192.168.88.1/login?dst=http%3A%2F%2Fdetectportal.firefox.com%2F'"></noscript>
    <script>top.location.href = "http:\\/\\/192.168.88.1\\/login";</script></head><body></body></html>
    """
}
