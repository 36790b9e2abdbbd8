"""The studio: a local web page where a game is written, checked, played and analysed
(``cardrules studio``, docs/studio.md). The server is :mod:`.server`; rules run only in the
worker processes of :mod:`.worker`; :mod:`.views` says what a browser may be sent."""
