<!--- Seed 000's xmlservicewithcfccached.cfm (test 3): the component created once and kept in
      the application scope (Application.cfc names the application). --->
<cfsetting enablecfoutputonly="true">
<cfcontent reset="true" type="text/xml">
<cfparam name="url.method" default="">
<cfswitch expression="#url.method#">
  <cfcase value="hello">
    <cfif NOT structKeyExists(application, "oSS")>
      <cfset application.oSS = createObject("component", "Hello")>
    </cfif>
    <cfoutput><?xml version="1.0" encoding="utf-8"?><str>#application.oSS.hello()#</str></cfoutput>
  </cfcase>
  <cfdefaultcase>
    <cfoutput><?xml version="1.0" encoding="utf-8"?><str>Unknown Method</str></cfoutput>
  </cfdefaultcase>
</cfswitch>
