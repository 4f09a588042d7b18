<cfsetting enablecfoutputonly="true">
<!--- Seed 003's dependency, as it counts: "maxInFlight=N served=M delayMillis=D"; ?reset starts anew. --->
<cfhttp url="#application.dependencyStats##structKeyExists(url, 'reset') ? '?reset' : ''#" method="get" result="stats" throwonerror="true">
</cfhttp>
<cfcontent reset="true" type="text/plain">
<cfoutput>#stats.fileContent#</cfoutput>
