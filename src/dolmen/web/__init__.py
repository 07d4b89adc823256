"""The browser client: static ES modules, SVG and CSS served by the table server (``dolmen.server.web``).

It talks only the wire protocol (``docs/protocol.md``) and draws everything from the views, the legal action
texts and the log events the server sends; it computes no rule."""
