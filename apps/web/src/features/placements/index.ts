// Nothing here is used by other features yet: its pages load through the router (app/router).
export {};
