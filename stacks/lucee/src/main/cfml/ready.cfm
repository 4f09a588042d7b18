<cfoutput>ready #server.lucee.version#</cfoutput>
