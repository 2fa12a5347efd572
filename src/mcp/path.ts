/** Where the running server answers MCP's Streamable HTTP transport (a module of its own: no SDK behind it). */
export const MCP_PATH = '/mcp';
